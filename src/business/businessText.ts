import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { DELETE_NOT_CONFIRMED } from '../../api/adminAccounts';
import {
  AGREEMENT_REQUIRED,
  BIRTHDATE_INVALID,
  CONTROL_TITLE_REQUIRED,
  CONTROLLER_MISSING,
  CONTROLLER_OWNERSHIP_INVALID,
  COUNTRY_INVALID,
  DETAILS_FIRST,
  EIN_INVALID,
  NOT_A_BUSINESS,
  OWNERS_MISSING,
  OWNERSHIP_INVALID,
  OWNERSHIP_OVER_100,
  SIGNER_REQUIRED,
  SSN_LAST4_INVALID,
  STATEMENT_CONTRADICTED,
} from '../../rules/business';
import { POSTAL_CODE_INVALID } from '../../rules/postalCodes';

/** The server's business texts, each shown in the reader's language. */
const KEYS: Readonly<Record<string, string>> = {
  [EIN_INVALID]: 'business.errors.ein',
  [POSTAL_CODE_INVALID]: 'business.errors.postal-code',
  [COUNTRY_INVALID]: 'business.errors.country',
  [SSN_LAST4_INVALID]: 'business.errors.ssn',
  [BIRTHDATE_INVALID]: 'business.errors.birthdate',
  [OWNERSHIP_INVALID]: 'business.errors.ownership',
  [OWNERSHIP_OVER_100]: 'business.errors.over-100',
  [OWNERS_MISSING]: 'business.errors.owners-missing',
  [AGREEMENT_REQUIRED]: 'business.errors.agreement',
  [DETAILS_FIRST]: 'business.errors.details-first',
  [SIGNER_REQUIRED]: 'business.errors.signer',
  [NOT_A_BUSINESS]: 'business.errors.not-a-business',
  [CONTROLLER_MISSING]: 'business.errors.controller-missing',
  [CONTROL_TITLE_REQUIRED]: 'business.errors.control-title',
  [CONTROLLER_OWNERSHIP_INVALID]: 'business.errors.controller-ownership',
  [STATEMENT_CONTRADICTED]: 'business.errors.statement-contradicted',
  [DELETE_NOT_CONFIRMED]: 'admin-account.delete.not-confirmed',
  "Only the label's owner changes or certifies its business details.": 'business.errors.owner-only',
  'This person was deleted.': 'admin-account.errors.deleted',
  'This field is required.': 'business.errors.required',
};

/** A refusal in the reader's language: a known server text translated, else as written. */
export function useBusinessText() {
  const { t } = useTranslation();
  const known = (message: string) => {
    const key = KEYS[message];
    return key ? t(key) : message;
  };
  return {
    known,
    failure: (error: unknown) =>
      error instanceof ApiError ? known(error.message) : t('business.errors.unexpected'),
  };
}
