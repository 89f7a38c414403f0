import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { TypeAhead } from '../widgets/TypeAhead';
import { searchPayees } from './catalogApi';
import { isEmail } from './splitChecks';
import type { User } from '../../api/users';

export type PickedPayee = { payeeId: string; fullname: string } | { email: string };

export interface PayeePickerProps {
  label: string;
  onPick: (payee: PickedPayee) => void;
}

const payeeLabel = (payee: User) =>
  payee.username ? `${payee.fullname} (${payee.username})` : payee.fullname;

/** A payee from /api/users, or a new collaborator's e-mail (invited when the splits are saved). */
export function PayeePicker({ label, onPick }: PayeePickerProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [round, setRound] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const picked = (payee: PickedPayee) => {
    setProblem(null);
    onPick(payee);
    // A fresh input for the next payee.
    setRound((value) => value + 1);
  };

  return (
    <div className="payee-picker">
      <TypeAhead<User>
        key={round}
        label={label}
        placeholder={t('catalog.splits.picker-placeholder')}
        search={(text, signal) => searchPayees(api, text, signal).then((answer) => answer.items)}
        itemKey={(payee) => payee.id}
        itemLabel={payeeLabel}
        onSelect={(choice) => {
          if ('item' in choice) {
            picked({ payeeId: choice.item.id, fullname: choice.item.fullname });
          } else if (isEmail(choice.text)) {
            picked({ email: choice.text.trim().toLowerCase() });
          } else {
            setProblem(t('catalog.splits.unknown-user'));
          }
        }}
      />
      {problem && <p className="field-error">{problem}</p>}
    </div>
  );
}
