package dev.loomscope.web;

/** A request the service refuses with 400: the message says which parameter and what is allowed. */
public final class BadRequestException extends Exception {

    public BadRequestException(String message) {
        super(message, null, false, false);
    }
}
