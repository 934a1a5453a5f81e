/** Form `normalize` for phone numbers and codes: spaces are dropped as the user types or pastes ("138 0000 0003"). */
export function stripSpaces(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : value;
}
