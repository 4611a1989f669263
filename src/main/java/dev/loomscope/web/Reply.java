package dev.loomscope.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a route answers: a status, a content type, and the body, either in memory or a file that is
 * streamed (so a thousand concurrent {@code /file} requests do not each hold the whole file).
 */
public record Reply(int status, String contentType, byte[] body, java.nio.file.Path file, long length) {

    public Reply(int status, String contentType, byte[] body) {
        this(status, contentType, body, null, body.length);
    }

    /** The file, sent as it is read; its size is taken now, so a file that cannot be read is a 500, not a dropped reply. */
    public static Reply file(java.nio.file.Path file) throws java.io.IOException {
        return new Reply(200, "text/plain; charset=utf-8", new byte[0], file, java.nio.file.Files.size(file));
    }

    static final ObjectMapper JSON = new ObjectMapper();
    private static final String JSON_TYPE = "application/json; charset=utf-8";

    public static Reply json(Object value) {
        return json(200, value);
    }

    public static Reply json(int status, Object value) {
        try {
            return new Reply(status, JSON_TYPE, JSON.writeValueAsBytes(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a reply as JSON", e);
        }
    }

    /** An error as JSON: {@code {"status": 400, "error": "ms of /block must be ..."}}. */
    public static Reply error(int status, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("error", message);
        return json(status, body);
    }
}
