package dev.loomscope.model;

import dev.loomscope.protocol.JfrEvent;

/** A JFR event as the window shows it: with the carrier lane it happened on (-1 for none). */
public record LaneEvent(JfrEvent event, int lane) {
}
