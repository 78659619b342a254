/** The framework release; logs and deprecation notices name it. */
export const SLUICE_VERSION = '4.4.0';
