/* eslint-disable no-control-regex -- finding control characters is the purpose of these patterns */

/** C0 controls, DEL and C1 controls: never legitimate in a URL or an attribute. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** The same, for replacing every occurrence. */
export const CONTROL_CHARACTERS_GLOBAL = /[\u0000-\u001f\u007f-\u009f]/g;
