/**
 * Conversions between the API's values and a form's inputs: a blank input is '' or null on
 * screen, null or absent in the API.
 */

/** A nullable text of the API as its input holds it. */
export const texto = (value: string | null) => value ?? '';

/** A blank number input counted as 0 (the live totals). */
export const numero = (value: number | null | undefined) => value ?? 0;

/** A picker's { id, nome } from the API's id and name; none without an id. */
export const escolhido = (id: number | null, nome: string | null) =>
  id === null ? null : { id, nome: nome ?? '' };
