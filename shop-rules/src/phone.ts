/**
 * A phone number as people write it, as the shop keeps it: the spaces and dashes between its digits taken out,
 * and an Indian mobile number's country code (+91, 0091, or 91 before ten digits) or trunk 0 taken off, leaving
 * its ten digits. Anything else comes back as typed (but for those joins), for the form's own rule to judge, so
 * the spec's "Mobile No is Required" still answers what is really wrong ("-98", "98.5", letters). The web's
 * forms and the api use it alike.
 */
export function phoneDigits(text: string): string {
  const joined = text.trim().replace(/(?<=\d)[\s-]+(?=\d)/g, '');
  return /^(?:\+91|0091|91|0)(\d{10})$/.exec(joined)?.[1] ?? joined;
}

/** An Indian mobile number, as phoneDigits leaves it: ten digits, the first 6, 7, 8 or 9 (the numbering plan's mobile series). */
export function indianMobileProblem(digits: string): string | null {
  return /^[6-9]\d{9}$/.test(digits) ? null : 'Phone must be an Indian mobile number: 10 digits, starting with 6, 7, 8 or 9';
}
