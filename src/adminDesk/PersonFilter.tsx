import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { TypeAhead } from '../widgets/TypeAhead';
import { readPerson, searchPeople } from './adminDeskApi';
import type { User } from '../../api/users';

const personLabel = (person: User) =>
  person.username ? `${person.fullname} (${person.username})` : person.fullname;

/**
 * A filter on one person, searched by name and shown by name: the address keeps their id, the
 * page shows who it is, with a way back to everyone.
 */
export function PersonFilter({
  label,
  personId,
  onChange,
}: {
  label: string;
  /** The chosen person's id, or '' for anyone. */
  personId: string;
  onChange: (personId: string) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const person = useLoad(
    (signal) => (personId ? readPerson(api, personId, signal) : Promise.resolve(null)),
    [api, personId],
  );
  if (!personId) {
    return (
      <TypeAhead<User>
        label={label}
        placeholder={t('admin-desk.audit.person-placeholder')}
        notFoundMessage={t('admin-desk.audit.person-not-found')}
        search={(text, signal) => searchPeople(api, text, signal).then((answer) => answer.items)}
        itemKey={(item) => item.id}
        itemLabel={personLabel}
        onSelect={(choice) => {
          if ('item' in choice) onChange(choice.item.id);
        }}
      />
    );
  }
  const name =
    person.status === 'loading'
      ? t('admin-desk.audit.person-loading')
      : person.data
        ? personLabel(person.data)
        : t('admin-desk.audit.former-person');
  return (
    <div className="field desk-person-filter">
      <span className="field-label">{label}</span>
      <span className="desk-person-chosen">
        <strong>{name}</strong>
        <button type="button" className="link-button" onClick={() => onChange('')}>
          {t('admin-desk.audit.anyone')}
        </button>
      </span>
    </div>
  );
}
