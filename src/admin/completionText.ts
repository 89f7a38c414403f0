import { useTranslation } from 'react-i18next';
import type { CompletionItem } from '../../api/adminAccounts';

const KEYS: Record<CompletionItem, string> = {
  'claimed-login': 'admin-account.completion.claimed-login',
  'verified-bank-account': 'admin-account.completion.verified-bank-account',
  'business-details': 'admin-account.completion.business-details',
  'beneficial-owners': 'admin-account.completion.beneficial-owners',
  certification: 'admin-account.completion.certification',
};

export function useCompletionText() {
  const { t } = useTranslation();
  return (item: CompletionItem) => t(KEYS[item]);
}
