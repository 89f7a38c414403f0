import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LabelAccountSelect } from '../catalog/LabelAccountSelect';
import { actingAs } from '../routes/access';
import type { PageProps } from '../routes/types';
import { useSession } from '../session/useSession';
import { RecoupmentForm } from './RecoupmentForm';

/** Admins and overseers belong to the portal's own account and name the label account. */
function useIsStaff(): boolean {
  const { session } = useSession();
  if (!session) return false;
  const { roles } = actingAs(session);
  return roles.includes('admin') || roles.includes('overseer');
}

/** /recoupments/add: a new recoupment, then its detail page. */
export function RecoupmentAddPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useIsStaff();
  const [accountId, setAccountId] = useState('');
  const [tried, setTried] = useState(false);

  return (
    <section className="page catalog-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      {staff && (
        <div className="product-fields" onBlur={() => setTried(true)}>
          <LabelAccountSelect value={accountId} onChange={setAccountId} showProblem={tried} />
        </div>
      )}
      <RecoupmentForm
        // People and products belong to the account: another account starts a fresh form.
        key={staff ? accountId : 'own'}
        accountId={staff ? accountId : null}
        onSaved={(saved) => void navigate(`/recoupments/${encodeURIComponent(saved.id)}`)}
        onCancel={() => void navigate('/recoupments')}
      />
    </section>
  );
}
