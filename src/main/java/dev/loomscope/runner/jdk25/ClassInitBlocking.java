package dev.loomscope.runner.jdk25;

import static java.lang.constant.ConstantDescs.CD_Object;
import static java.lang.constant.ConstantDescs.CD_void;

import dev.loomscope.runner.laterjdk.LaterJdkBlocking;
import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.AccessFlag;

/**
 * Blocks inside a static initializer. A class initializes once, so each task defines a fresh
 * hidden class (from bytes generated once with the ClassFile API) whose {@code <clinit>} calls
 * {@link #sleepDuringInitialization()}. The VM runs {@code <clinit>} below a VM frame, so a virtual
 * thread sleeping there pins its carrier. Compiled for JDK 25 (the ClassFile API is final in 24), so
 * the runner loads it by name only on a JDK that has it.
 */
public final class ClassInitBlocking implements LaterJdkBlocking {

    private static final byte[] CLASS_BYTES = generate();
    private static volatile int sleepMs;

    /** Sets the sleep, after one class defined with none, so defining hidden classes is warm. */
    @Override
    public void prepare(int ms) {
        sleepMs = 0;
        block();
        sleepMs = ms;
    }

    @Override
    public void block() {
        try {
            MethodHandles.lookup().defineHiddenClass(CLASS_BYTES, true);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Called from the generated class's static initializer; public so the hidden class may call it. */
    public static void sleepDuringInitialization() {
        try {
            Thread.sleep(sleepMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static byte[] generate() {
        ClassDesc self = ClassDesc.of(ClassInitBlocking.class.getName());
        ClassDesc generated = ClassDesc.of(ClassInitBlocking.class.getPackageName() + ".SleepingInitializer");
        return ClassFile.of().build(generated, clazz -> clazz
                .withFlags(AccessFlag.FINAL, AccessFlag.SYNTHETIC)
                .withSuperclass(CD_Object)
                .withMethodBody("<clinit>", MethodTypeDesc.of(CD_void), ClassFile.ACC_STATIC, code -> code
                        .invokestatic(self, "sleepDuringInitialization", MethodTypeDesc.of(CD_void))
                        .return_()));
    }
}
