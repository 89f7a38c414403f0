import { useSession } from '../session/useSession';

/** The portal pays by bank files the label uploads to its bank (PAYMENT_RAIL=bankfile). */
export function usePaysByBankFiles(): boolean {
  const { session } = useSession();
  return session?.paymentRail === 'bankfile';
}
