import { useEffect, useState } from 'react';
import { createActor } from 'xstate';
import {
  uploadDrawerMachine,
  uploadRequestLogic,
  type UploadDrawerRef,
} from '../../machines/uploadDrawerMachine';
import { useServices } from '../app/ServicesContext';
import { statementUploader } from './importApi';
import { useUploadDrawerHolder } from './UploadDrawerProvider';

/**
 * The application's upload drawer, made by the first import page that shows and kept by the root
 * (UploadDrawerProvider) after it: a page opened later takes the same drawer, its uploads and
 * their progress.
 */
export function useStartedUploadDrawer(): UploadDrawerRef {
  const { api } = useServices();
  const { drawer, keep } = useUploadDrawerHolder();
  // Made once per page, started by the root when it keeps it; one the root already has wins.
  const [made] = useState(
    () =>
      drawer ??
      createActor(
        uploadDrawerMachine.provide({
          actors: { uploadRequest: uploadRequestLogic(statementUploader(api)) },
        }),
      ),
  );
  useEffect(() => keep(made), [keep, made]);
  return drawer ?? made;
}
