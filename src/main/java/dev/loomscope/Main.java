package dev.loomscope;

import dev.loomscope.cli.LoomScopeCommand;

/**
 * Opens the window when given no arguments; otherwise runs a headless subcommand.
 * Kept free of JavaFX types so the headless commands never load the toolkit.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            dev.loomscope.ui.LoomScopeApp.launchWindow(args);
            return;
        }
        System.exit(LoomScopeCommand.execute(args));
    }
}
