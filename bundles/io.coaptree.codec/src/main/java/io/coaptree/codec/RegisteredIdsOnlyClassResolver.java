package io.coaptree.codec;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultClassResolver;

/**
 * Kryo's default resolver looks a class up by name (and loads it) when the input asks for a class by name,
 * before registration-required is even checked. Refusing names outright means hostile input can name no
 * class at all: only registration ids resolve.
 */
final class RegisteredIdsOnlyClassResolver extends DefaultClassResolver {

    @Override
    protected Registration readName(Input input) {
        throw new KryoException("a class name where a registration id was expected");
    }

    @Override
    protected void writeName(Output output, Class type, Registration registration) {
        throw new KryoException(type.getName() + " has no registration id");
    }
}
