package dev.loomscope.model;

import java.util.List;

/** What the window reads of a session's runs: the runs, which one is under way, and whether they changed. */
public interface SessionRuns {

    /** Changes whenever runs start, end or are stopped. */
    int version();

    boolean isRunning();

    /** The run under way, else null. */
    RunModel current();

    /** The runs started together last, in order. */
    List<RunModel> comparison();

    /** The runs of this session, oldest first. */
    List<RunModel> history();

    /** The last run that failed, in plain words, or null. */
    String problem();

    int cores();
}
