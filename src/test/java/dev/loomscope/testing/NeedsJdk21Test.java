package dev.loomscope.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * CI runs the tests that need a JDK 21 a second time, once it has one, by their mark: a test that asks for one unmarked
 * would skip in CI's first pass and never run in its second.
 */
class NeedsJdk21Test {

    @Test
    void everyTestThatAsksForAJdk21IsMarkedSo() throws Exception {
        var tests = new ClassFileImporter().importPath(Path.of(Jdk21.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        var asking = tests.stream().flatMap(type -> type.getMethods().stream())
                .filter(method -> method.getMethodCallsFromSelf().stream()
                        .anyMatch(call -> call.getTargetOwner().isEquivalentTo(Jdk21.class) && call.getName().equals("required")))
                .toList();
        assertThat(asking).as("the tests that ask for a JDK 21").isNotEmpty();
        assertThat(asking).filteredOn(method -> !method.isAnnotatedWith(NeedsJdk21.class)).extracting(JavaMethod::getFullName).isEmpty();
    }
}
