/**
 * The runner's door to its classes compiled for JDK 25 ({@code dev.loomscope.runner.jdk25}): the
 * interfaces they implement and {@link dev.loomscope.runner.laterjdk.LaterJdk}, which loads them by name
 * only on a JDK that has what they use. Everything else the runner JVM loads is compiled for JDK 21.
 */
package dev.loomscope.runner.laterjdk;
