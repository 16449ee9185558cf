/** A record id as the database makes them (gen_random_uuid). Anything else names no record: "not found", never a fault. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A string known to be a record id (branded, so a failed check leaves a string a string). */
export type Uuid = string & { readonly __uuid: true };

export const isUuid = (v: unknown): v is Uuid => typeof v === 'string' && UUID.test(v);
