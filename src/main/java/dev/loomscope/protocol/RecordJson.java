package dev.loomscope.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

/**
 * Writes the runner's JSON frames (records, their lists, nested records) with jackson-core's
 * streaming generator, one field per record component: the names and forms databind reads them back
 * with on the other side. Databind's own writer would do the same after introspecting each type,
 * which cost every runner JVM about 0.25 s of CPU time as it started (measured with the tiered
 * compiler stopped at C1, as the tests run the runners).
 */
final class RecordJson {

    private static final JsonFactory FACTORY = new JsonFactory();
    /** Each record type's components, looked up once: a frame of JFR events holds hundreds of the same record. */
    private static final ClassValue<RecordComponent[]> COMPONENTS = new ClassValue<>() {
        @Override
        protected RecordComponent[] computeValue(Class<?> type) {
            return type.getRecordComponents();
        }
    };

    private RecordJson() {
    }

    static byte[] bytes(Object value) throws IOException {
        var out = new ByteArrayOutputStream(256);
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            write(json, value);
        }
        return out.toByteArray();
    }

    private static void write(JsonGenerator json, Object value) throws IOException {
        switch (value) {
            case null -> json.writeNull();
            case String text -> json.writeString(text);
            case Boolean flag -> json.writeBoolean(flag);
            case Integer number -> json.writeNumber(number);
            case Long number -> json.writeNumber(number);
            // NaN goes out as "NaN", which databind reads back into a double, as its own writer does.
            case Double number -> json.writeNumber(number);
            case Enum<?> constant -> json.writeString(constant.name());
            case Record record -> writeRecord(json, record);
            case Iterable<?> items -> {
                json.writeStartArray();
                for (Object item : items) {
                    write(json, item);
                }
                json.writeEndArray();
            }
            // A type no frame carries yet: a programming error, named by its class.
            default -> throw new IllegalArgumentException(value.getClass().getName());
        }
    }

    private static void writeRecord(JsonGenerator json, Record record) throws IOException {
        json.writeStartObject();
        for (RecordComponent component : COMPONENTS.get(record.getClass())) {
            json.writeFieldName(component.getName());
            try {
                write(json, component.getAccessor().invoke(record));
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException(component.toString(), e);
            }
        }
        json.writeEndObject();
    }
}
