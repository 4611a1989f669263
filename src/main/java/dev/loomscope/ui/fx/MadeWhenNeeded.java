package dev.loomscope.ui.fx;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.Tab;

/**
 * A part of the window made the first time it is needed, on the FX thread: the views behind tabs a
 * session may never open (JFR events, sweep, web service) cost the window's start nothing, nor its
 * memory. What the window wires to such a part it gives to {@link #whenMade}; what it would do to it
 * each frame, to {@link #ifMade}, as a part not yet made has nothing to show.
 */
public final class MadeWhenNeeded<T> implements Supplier<T> {

    private final Supplier<? extends T> maker;
    private final List<Consumer<? super T>> wiring = new ArrayList<>();
    private T part;

    private MadeWhenNeeded(Supplier<? extends T> maker) {
        this.maker = maker;
    }

    public static <T> MadeWhenNeeded<T> of(Supplier<? extends T> maker) {
        return new MadeWhenNeeded<>(maker);
    }

    /** The part, made now if it was not yet, and wired as {@link #whenMade} asked. */
    @Override
    public T get() {
        if (part == null) {
            part = Objects.requireNonNull(maker.get());
            wiring.forEach(wire -> wire.accept(part));
            wiring.clear();
        }
        return part;
    }

    /** Does this to the part once it is made (at once if it is). */
    public MadeWhenNeeded<T> whenMade(Consumer<? super T> wire) {
        if (part != null) {
            wire.accept(part);
        } else {
            wiring.add(wire);
        }
        return this;
    }

    /** Does this to the part if it has been made, and nothing otherwise. */
    public void ifMade(Consumer<? super T> use) {
        if (part != null) {
            use.accept(part);
        }
    }

    public boolean made() {
        return part != null;
    }

    /** Makes the part and hands it to {@code place} when {@code tab} is first selected (at once if it is). */
    public MadeWhenNeeded<T> placedWhenSelected(Tab tab, Consumer<? super T> place) {
        var placed = new boolean[1];
        tab.selectedProperty().subscribe(selected -> {
            if (selected && !placed[0]) {
                placed[0] = true;
                place.accept(get());
            }
        });
        return this;
    }
}
