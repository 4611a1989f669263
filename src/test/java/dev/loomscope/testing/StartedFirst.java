package dev.loomscope.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Order;

/**
 * A test class that takes long, or belongs to a chain of classes that share a lock (the window
 * tests', the observed JVMs'): the suite, which orders its classes by {@link Order}, starts these
 * before the rest, longest first as a scheduler would, so that the short classes fill the cores at
 * the end instead of a chain finishing alone.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Order(1)
public @interface StartedFirst {
}
