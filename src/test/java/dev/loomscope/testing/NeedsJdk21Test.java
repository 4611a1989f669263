package dev.loomscope.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The tests that need a JDK 21 say so by their mark (tag {@code jdk21}): they are the ones a new machine skips, and
 * {@code -Dgroups=jdk21} runs them alone once one is fetched. So only a test method, marked, may ask; a helper, a lambda,
 * a constructor or an initializer that asked would leave the test that runs it unmarked.
 */
class NeedsJdk21Test {

    @Test
    void onlyMarkedTestMethodsAskForAJdk21() throws Exception {
        var tests = new ClassFileImporter().importPath(Path.of(Jdk21.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        var asking = tests.stream().flatMap(type -> type.getCodeUnits().stream())
                .filter(unit -> unit.getMethodCallsFromSelf().stream()
                        .anyMatch(call -> call.getTargetOwner().isEquivalentTo(Jdk21.class) && call.getName().equals("required")))
                .toList();
        assertThat(asking).as("the tests that ask for a JDK 21").isNotEmpty();
        assertThat(asking).filteredOn(unit -> !(unit.isAnnotatedWith(NeedsJdk21.class)
                && (unit.isAnnotatedWith(org.junit.jupiter.api.Test.class) || unit.isAnnotatedWith(org.junit.jupiter.params.ParameterizedTest.class))))
                .extracting(JavaCodeUnit::getFullName).isEmpty();
    }
}
