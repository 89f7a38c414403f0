import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponses, inMediaTypes, multipartBody } from '../../api/common';
import {
  DocumentFile,
  DocumentParams,
  DocumentParts,
  DOCUMENT_MEDIA_TYPES,
  IdDocument,
  IdDocuments,
  PasswordChange,
  PasswordChanged,
  PersonDetails,
  PersonDetailsChange,
  Profile,
  ProfileAnswer,
  UsernameChange,
  UsernameChangeSent,
  UsernameConfirmation,
  UsernameConfirmed,
} from '../../api/settings';
import { PROFILE_MESSAGES } from '../../rules/profile';
import type { ActiveSession } from '../auth/sessions';
import { ForbiddenError, NotFoundError } from '../errors';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import {
  addDocument,
  findDocument,
  listDocuments,
  receiveDocument,
  removeDocument,
} from '../settings/documents';
import { changePassword, confirmUsernameChange, requestUsernameChange } from '../settings/login';
import { changePersonDetails, readPersonDetails } from '../settings/person';
import { documentContent } from '../settings/sealedDocuments';
import { changeProfile, readProfile } from '../settings/profile';

/**
 * The Account page's access, as SPEC section 2 gives /settings (emulate or account permissions):
 * every role holds one. One's own names, preferences and login are one's own to change, the
 * overseer's read access included; the person's details and ID documents need account:rw.
 */
const ownAccount: RouteAccess = {
  session: true,
  permissions: ['account:ro', 'emulate:ro'],
};
const personWrite: RouteAccess = { session: true, permissions: ['account:rw'] };

/**
 * Whose account a change is about: the person signed in. An emulating admin sees the emulated
 * person's page read-only and changes nothing of it, their login least of all.
 */
function ownPerson(request: FastifyRequest): ActiveSession {
  const session = sessionOf(request);
  if (session.emulating) throw new ForbiddenError(PROFILE_MESSAGES.readOnlyWhileEmulating);
  return session;
}

export interface SettingsRouteOptions {
  /** Where the portal is reached, for the link that confirms a new username. */
  publicUrl: string;
}

const settingsRoutes: FastifyPluginAsyncTypebox<SettingsRouteOptions> = async (app, options) => {
  const profileAnswer = async (request: FastifyRequest) => {
    const session = sessionOf(request);
    const answer = await readProfile(app.db, session.user.id, !session.emulating, app.now());
    if (!answer) throw new NotFoundError();
    return answer;
  };

  app.get(
    '/api/settings/profile',
    {
      config: { access: ownAccount },
      schema: {
        tags: ['settings'],
        summary:
          'Names, display preferences and username of the person (the emulated one, read-only)',
        response: { 200: ProfileAnswer, ...errorResponses },
      },
    },
    profileAnswer,
  );

  app.patch(
    '/api/settings/profile',
    {
      config: { access: ownAccount },
      schema: {
        tags: ['settings'],
        summary: 'Save names, language, time zone, clock and currency',
        body: Profile,
        response: { 200: ProfileAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const session = ownPerson(request);
      await app.db.transaction((tx) =>
        changeProfile(tx, session.user.id, request.body, commandMetadata(request, app.now())),
      );
      return profileAnswer(request);
    },
  );

  app.post(
    '/api/settings/password',
    {
      config: { access: ownAccount },
      schema: {
        tags: ['settings'],
        summary: 'Change the password, giving the current one; ends the other sessions',
        body: PasswordChange,
        response: { 200: PasswordChanged, ...errorResponses },
      },
    },
    async (request) => {
      const session = ownPerson(request);
      await changePassword(
        app.db,
        session.user.id,
        { tokenHash: session.tokenHash },
        request.body,
        commandMetadata(request, app.now()),
      );
      return { status: 'changed' as const };
    },
  );

  app.post(
    '/api/settings/username',
    {
      config: { access: ownAccount },
      schema: {
        tags: ['settings'],
        summary: 'E-mail a link to a new username; it changes once the link is used',
        body: UsernameChange,
        response: { 202: UsernameChangeSent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = ownPerson(request);
      const pendingUsername = await requestUsernameChange(
        app.db,
        session.user.id,
        request.body,
        options.publicUrl,
        commandMetadata(request, app.now()),
      );
      return reply.status(202).send({ status: 'sent' as const, pendingUsername });
    },
  );

  app.post(
    '/api/settings/username/confirm',
    {
      config: { access: ownAccount, fieldTexts: { token: PROFILE_MESSAGES.usernameLinkInvalid } },
      schema: {
        tags: ['settings'],
        summary: 'Use the e-mailed link: the new address becomes the username',
        body: UsernameConfirmation,
        response: { 200: UsernameConfirmed, ...errorResponses },
      },
    },
    async (request) => {
      const session = ownPerson(request);
      const username = await confirmUsernameChange(
        app.db,
        session.user.id,
        request.body.token,
        commandMetadata(request, app.now()),
      );
      return { status: 'done' as const, username };
    },
  );

  const personAnswer = (request: FastifyRequest) => {
    const session = sessionOf(request);
    return readPersonDetails(app.db, session.user.id, !session.emulating);
  };

  app.get(
    '/api/settings/person',
    {
      config: { access: ownAccount },
      schema: {
        tags: ['settings'],
        summary: 'Phone, birthdate, address and the last 4 digits of the SSN',
        response: { 200: PersonDetails, ...errorResponses },
      },
    },
    personAnswer,
  );

  app.patch(
    '/api/settings/person',
    {
      config: { access: personWrite },
      schema: {
        tags: ['settings'],
        summary: 'Save phone, birthdate, address and SSN (kept encrypted, shown as its last 4)',
        body: PersonDetailsChange,
        response: { 200: PersonDetails, ...errorResponses },
      },
    },
    async (request) => {
      const session = ownPerson(request);
      await app.db.transaction((tx) =>
        changePersonDetails(
          tx,
          app.paymentDataKey,
          session.user.id,
          request.body,
          commandMetadata(request, app.now()),
        ),
      );
      return personAnswer(request);
    },
  );

  const documentsAnswer = async (request: FastifyRequest) => {
    const session = sessionOf(request);
    return {
      items: await listDocuments(app.db, session.user.id),
      editable: !session.emulating,
    };
  };

  app.get(
    '/api/settings/documents',
    {
      config: { access: ownAccount },
      schema: {
        tags: ['settings'],
        summary: 'The ID documents given: kind, file name and date',
        response: { 200: IdDocuments, ...errorResponses },
      },
    },
    documentsAnswer,
  );

  app.post(
    '/api/settings/documents',
    {
      config: { access: personWrite },
      schema: {
        tags: ['settings'],
        summary:
          'Upload an ID document: a `kind` field (drivers-license, passport, id-card) and a `file` part (PDF, PNG or JPG, 10 MB at most)',
        body: multipartBody(DocumentParts),
        response: { 201: IdDocument, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = ownPerson(request);
      const document = await receiveDocument(request, app.blobs, app.documentKeys());
      const id = await addDocument(
        app.db,
        session.user.id,
        document,
        commandMetadata(request, app.now()),
      );
      const saved = (await listDocuments(app.db, session.user.id)).find((item) => item.id === id);
      if (!saved) throw new NotFoundError();
      return reply.status(201).send(saved);
    },
  );

  app.get(
    '/api/settings/documents/:id/file',
    {
      config: { access: ownAccount },
      schema: {
        tags: ['settings'],
        summary: 'Download an ID document as it was uploaded',
        params: DocumentParams,
        response: {
          200: inMediaTypes(
            Object.fromEntries(DOCUMENT_MEDIA_TYPES.map((type) => [type, DocumentFile])),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const document = await findDocument(app.db, session.user.id, request.params.id);
      const asciiName = document.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return (
        reply
          .header('content-type', document.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(document.name)}`,
          )
          // 10 MB at most: read whole and checked before it is sent, as bytes rather than serialised.
          .send(await documentContent(app.blobs, app.documentKeys(), document.sha256))
      );
    },
  );

  app.delete(
    '/api/settings/documents/:id',
    {
      config: { access: personWrite },
      schema: {
        tags: ['settings'],
        summary: 'Remove an ID document',
        params: DocumentParams,
        response: { 200: IdDocuments, ...errorResponses },
      },
    },
    async (request) => {
      const session = ownPerson(request);
      await removeDocument(
        app.db,
        session.user.id,
        request.params.id,
        commandMetadata(request, app.now()),
      );
      return documentsAnswer(request);
    },
  );
};

export default settingsRoutes;
