package org.eclipse.kura;

import org.osgi.annotation.versioning.ProviderType;

/** An external process failed (code PROCESS_EXECUTION_ERROR); SystemService.getSystemPackages declares it. */
@ProviderType
public class KuraProcessExecutionErrorException extends KuraException {

    private static final long serialVersionUID = 5091705219678526443L;

    public KuraProcessExecutionErrorException(Object argument) {
        super(KuraErrorCode.PROCESS_EXECUTION_ERROR, null, argument);
    }

    public KuraProcessExecutionErrorException(Throwable cause, Object argument) {
        super(KuraErrorCode.PROCESS_EXECUTION_ERROR, cause, argument);
    }
}
