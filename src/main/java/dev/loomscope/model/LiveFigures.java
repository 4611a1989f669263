package dev.loomscope.model;

/**
 * The figures a run shows while it runs, read together once per frame.
 *
 * @param mountedVirtual  virtual threads on a carrier (-1 where the JDK cannot say)
 * @param queuedVirtual   virtual threads ready but waiting for a carrier (-1 where unknown)
 * @param failed          tasks that ended with an exception (-1 while a run kept still holds its events for its end)
 * @param inFlight        tasks started and not ended (-1 likewise)
 * @param waiting         tasks inside their blocking call (-1 likewise)
 * @param pinnedEvents    JFR's pins of the run's tasks (-1 likewise)
 * @param cancelled       tasks cancelled by their scope or ended by a stop (-1 likewise)
 */
public record LiveFigures(double elapsedMs, double idealMs, int tasks, long submitted, long completed, long failed,
                          long inFlight, long waiting, int mountedVirtual, int queuedVirtual, int platformThreads,
                          long rssBytes, long heapBytes, long peakRssBytes, long pinnedEvents, double pinnedMs,
                          long cancelled) {
}
