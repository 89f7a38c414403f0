// The label's own bank details as its bank files carry them (the originator of a NACHA file, the
// debtor of a SEPA credit transfer), checked as a bank checks them. The browser and the server
// check alike; the server also asks the NACHA writer's own check.
import { BIC_INVALID } from './bankAccount';
import {
  electronicFormatIBAN,
  extractBIC,
  extractIBAN,
  isSEPACountry,
  isValidBIC,
  isValidIBAN,
} from 'ibantools';
import { isValidRoutingNumber } from './bankAccount';

/** The fields of a NACHA file header and batch header that name the label and its bank. */
export interface NachaOriginatorFields {
  /** The routing number of the bank the file is sent to (9 digits). */
  immediateDestination: string;
  immediateDestinationName: string;
  /** As the bank assigns it: 10 characters, often 1 and the 9-digit tax id. */
  immediateOrigin: string;
  immediateOriginName: string;
  companyName: string;
  /** Company Identification: 10 characters, often 1 and the 9-digit tax id. */
  companyId: string;
  /** The routing number of the label's own bank, which originates the entries. */
  odfiRouting: string;
}
export type NachaOriginatorField = keyof NachaOriginatorFields;

export const nachaOriginatorFields = [
  'immediateDestination',
  'immediateDestinationName',
  'immediateOrigin',
  'immediateOriginName',
  'companyName',
  'companyId',
  'odfiRouting',
] as const satisfies readonly NachaOriginatorField[];

/** The label's account the SEPA credit transfers are paid from. */
export interface SepaDebtorFields {
  name: string;
  iban: string;
  /** Some banks need it; empty when the bank does not. */
  bic: string;
}
export type SepaDebtorField = keyof SepaDebtorFields;

/** What a bank refuses a field for (the same words as the NACHA writer's check). */
export type OriginatorProblem = 'required' | 'length' | 'digits' | 'check-digit' | 'characters';

export interface NachaOriginatorProblem {
  field: NachaOriginatorField;
  problem: OriginatorProblem;
}

/** The longest text each NACHA name field takes. */
export const NACHA_NAME_LENGTHS = {
  immediateDestinationName: 23,
  immediateOriginName: 23,
  companyName: 16,
} as const;
export const SEPA_NAME_LENGTH = 70;

/** NACHA's alphanumeric fields: upper-case ASCII letters, digits, space and ASCII punctuation. */
const NACHA_TEXT = /^[\x20-\x7E]*$/;
/** The SEPA character set (EPC guidelines), letters with accents taken without their accent. */
const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** A 10-character identifier a bank assigns: letters or digits, most often 1 + a tax id. */
const TEN_CHARACTERS = /^[0-9A-Z ]{10}$/;

/**
 * A bank-assigned identifier as the file carries it: in capitals, and a 9-digit number (a routing
 * number or a tax ID) with the blank before it that makes its 10 characters, as banks write it.
 */
function identifier(text: string): string {
  const value = text.trim().toUpperCase();
  return /^\d{9}$/.test(value) ? ` ${value}` : value;
}

/** Each field as it is kept: names trimmed, the bank-assigned identifiers as the file has them. */
export function trimmedNacha(fields: NachaOriginatorFields): NachaOriginatorFields {
  const trimmed = (field: NachaOriginatorField) => fields[field].trim();
  return {
    immediateDestination: trimmed('immediateDestination'),
    immediateDestinationName: trimmed('immediateDestinationName'),
    immediateOrigin: identifier(fields.immediateOrigin),
    immediateOriginName: trimmed('immediateOriginName'),
    companyName: trimmed('companyName'),
    companyId: identifier(fields.companyId),
    odfiRouting: trimmed('odfiRouting'),
  };
}

/** Every problem a bank would refuse these originator fields for, in form order; [] if none. */
export function checkNachaOriginatorFields(given: NachaOriginatorFields): NachaOriginatorProblem[] {
  const fields = trimmedNacha(given);
  const problems: NachaOriginatorProblem[] = [];
  const add = (field: NachaOriginatorField, problem: OriginatorProblem) =>
    problems.push({ field, problem });
  for (const field of nachaOriginatorFields) {
    const value = fields[field];
    if (value === '') {
      add(field, 'required');
      continue;
    }
    switch (field) {
      case 'immediateDestination':
      case 'odfiRouting':
        if (!/^\d+$/.test(value)) add(field, 'digits');
        else if (value.length !== 9) add(field, 'length');
        else if (!isValidRoutingNumber(value)) add(field, 'check-digit');
        break;
      case 'immediateOrigin':
      case 'companyId':
        if (value.length !== 10) add(field, 'length');
        else if (!TEN_CHARACTERS.test(value)) add(field, 'characters');
        break;
      default:
        if (!NACHA_TEXT.test(value)) add(field, 'characters');
        else if (value.length > NACHA_NAME_LENGTHS[field]) add(field, 'length');
    }
  }
  return problems;
}

export type SepaDebtorProblem =
  | { field: 'name'; problem: 'required' | 'length' | 'characters' }
  | { field: 'iban'; problem: 'required' | 'invalid' | 'not-sepa' }
  | { field: 'bic'; problem: 'invalid' | 'other-country' };

/** The IBAN as banks write it electronically: capitals, no spaces. */
export const ibanOf = (text: string): string => electronicFormatIBAN(text.trim()) ?? '';
/** The BIC in capitals, or '' when none is given. */
export const bicOf = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/**
 * Every problem a bank would refuse this debtor for. `iban` may be empty when one is kept
 * already (`hasIban`): the kept one stays.
 */
export function checkSepaDebtorFields(
  given: SepaDebtorFields,
  hasIban: boolean,
): SepaDebtorProblem[] {
  const problems: SepaDebtorProblem[] = [];
  const name = given.name.trim();
  if (name === '') problems.push({ field: 'name', problem: 'required' });
  else if (!SEPA_TEXT.test(withoutAccents(name)))
    problems.push({ field: 'name', problem: 'characters' });
  else if (name.length > SEPA_NAME_LENGTH) problems.push({ field: 'name', problem: 'length' });
  const iban = ibanOf(given.iban);
  if (iban === '') {
    if (!hasIban) problems.push({ field: 'iban', problem: 'required' });
  } else if (!isValidIBAN(iban)) problems.push({ field: 'iban', problem: 'invalid' });
  else if (!isSEPACountry(iban.slice(0, 2))) problems.push({ field: 'iban', problem: 'not-sepa' });
  const bic = bicOf(given.bic);
  if (bic !== '') {
    if (!isValidBIC(bic)) problems.push({ field: 'bic', problem: 'invalid' });
    else if (iban !== '' && isValidIBAN(iban) && !sameCountry(iban, bic))
      problems.push({ field: 'bic', problem: 'other-country' });
  }
  return problems;
}

/** A BIC names its bank's country in its 5th and 6th letters, as an IBAN in its first two. */
function sameCountry(iban: string, bic: string): boolean {
  const ibanCountry = extractIBAN(iban).countryCode;
  const bicCountry = extractBIC(bic).countryCode;
  // French overseas departments and Monaco use French banks' BICs, as banks accept.
  const french = ['FR', 'GP', 'MQ', 'GF', 'RE', 'YT', 'PM', 'BL', 'MF', 'MC'];
  if (ibanCountry && bicCountry && french.includes(ibanCountry) && french.includes(bicCountry))
    return true;
  return ibanCountry === bicCountry;
}

/** The server's texts for each refused field; the browser shows them in the reader's language. */
export const ORIGINATOR_TEXTS = {
  invalid: 'Some bank details are not as a bank takes them: correct the fields marked.',
  required: 'Fill in this field.',
  routing: 'A routing number is 9 digits with a valid check digit.',
  tenCharacters:
    'Enter the 10 characters your bank gave you, letters or digits (often 1 followed by your 9-digit tax ID).',
  nachaName23: 'A name in the file header is at most 23 characters.',
  nachaName16: 'The company name is at most 16 characters.',
  nachaCharacters: 'Use only letters without accents, digits, spaces and common punctuation.',
  sepaName:
    'The account holder name is at most 70 characters, in Latin letters, digits, spaces and common punctuation.',
  iban: 'This IBAN is not valid: check its letters and digits.',
  ibanNotSepa: 'SEPA credit transfers are paid from an IBAN of a SEPA country.',
  bic: BIC_INVALID,
  bicCountry: 'This BIC is of a bank in another country than the IBAN.',
} as const;

/** The text of a NACHA field's problem. */
export function nachaProblemText({ field, problem }: NachaOriginatorProblem): string {
  if (problem === 'required') return ORIGINATOR_TEXTS.required;
  switch (field) {
    case 'immediateDestination':
    case 'odfiRouting':
      return ORIGINATOR_TEXTS.routing;
    case 'immediateOrigin':
    case 'companyId':
      return ORIGINATOR_TEXTS.tenCharacters;
    default:
      if (problem === 'length')
        return field === 'companyName'
          ? ORIGINATOR_TEXTS.nachaName16
          : ORIGINATOR_TEXTS.nachaName23;
      return ORIGINATOR_TEXTS.nachaCharacters;
  }
}

/** The text of a SEPA field's problem. */
export function sepaProblemText(problem: SepaDebtorProblem): string {
  switch (problem.field) {
    case 'name':
      return problem.problem === 'required' ? ORIGINATOR_TEXTS.required : ORIGINATOR_TEXTS.sepaName;
    case 'iban':
      return problem.problem === 'required'
        ? ORIGINATOR_TEXTS.required
        : problem.problem === 'not-sepa'
          ? ORIGINATOR_TEXTS.ibanNotSepa
          : ORIGINATOR_TEXTS.iban;
    case 'bic':
      return problem.problem === 'other-country'
        ? ORIGINATOR_TEXTS.bicCountry
        : ORIGINATOR_TEXTS.bic;
  }
}
