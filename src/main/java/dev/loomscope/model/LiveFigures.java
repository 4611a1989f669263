package dev.loomscope.model;

/**
 * The figures a run shows while it runs, read together once per frame.
 *
 * @param mountedVirtual  virtual threads on a carrier (-1 where the JDK cannot say)
 * @param queuedVirtual   virtual threads ready but waiting for a carrier (-1 where unknown)
 * @param inFlight        tasks started and not ended (-1 while a run kept still holds its events for its end)
 * @param waiting         tasks inside their blocking call (-1 likewise)
 */
public record LiveFigures(double elapsedMs, double idealMs, int tasks, long submitted, long completed, long failed,
                          long inFlight, long waiting, int mountedVirtual, int queuedVirtual, int platformThreads,
                          long rssBytes, long heapBytes, long peakRssBytes, long pinnedEvents, double pinnedMs,
                          long cancelled) {
}
