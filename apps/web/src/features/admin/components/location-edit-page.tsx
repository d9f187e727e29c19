import type { LocationDetail } from '@call-insights/contracts/locations';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { locationQueryOptions, useRenameLocation } from '../api/locations';
import { parseLocationId } from '../utils/location-id';
import { AdminOnly } from './admin-only';
import { BackToLocations } from './back-link';

/** Rename a location: Back, the name prefilled, "update" disabled while the input is empty. */
export function LocationEditPage() {
  return (
    <AdminOnly>
      <LocationEdit />
    </AdminOnly>
  );
}

function LocationEdit() {
  const { t } = useTranslation('crm');
  const id = parseLocationId(useParams().id);
  const location = useQuery({ ...locationQueryOptions(id ?? 0), enabled: id !== null });

  return (
    <div className="space-y-6">
      <BackToLocations />
      {location.isLoading && <Spinner label={t('loading')} />}
      {(id === null || location.isError) && <Alert tone="error">{t('rename.loadFailed')}</Alert>}
      {location.data && <RenameForm key={location.data.id} location={location.data} />}
    </div>
  );
}

function RenameForm({ location }: { location: LocationDetail }) {
  const { t } = useTranslation('crm');
  const rename = useRenameLocation();
  const [name, setName] = useState(location.name);

  return (
    <form
      className="max-w-xl space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') return;
        rename.mutate(
          { id: location.id, name: name.trim() },
          // Spec: a failed update is only logged; the page says it did not work.
          { onError: (error) => console.error('Error updating the location', error) },
        );
      }}
    >
      <Input
        id="location-edit-name"
        label={t('rename.label')}
        required
        maxLength={200}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          rename.reset();
        }}
      />
      {rename.isSuccess && <Alert tone="success">{t('rename.updated')}</Alert>}
      {rename.isError && <Alert tone="error">{t('rename.failed')}</Alert>}
      <Button type="submit" disabled={name.trim() === ''} isLoading={rename.isPending}>
        {t('rename.update')}
      </Button>
    </form>
  );
}
