package dev.loomscope.web;

import java.io.IOException;
import java.util.Set;

/**
 * One path of the service: the query parameters it takes, what it does, and a line of usage for
 * the 404 page and {@code serve}'s banner.
 */
public record Route(String path, Set<String> params, Handler handler, String usage) {

    /** Answers one request; runs on the thread the service's executor gives it. */
    @FunctionalInterface
    public interface Handler {
        Reply handle(QueryParams params) throws BadRequestException, InterruptedException, IOException;
    }

    public Route {
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("a route's path starts with /: " + path);
        }
        params = Set.copyOf(params);
    }
}
