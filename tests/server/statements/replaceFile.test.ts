// A way back from a misread file: a cancelled statement frees its files, and before approval a
// label replaces a file of its statement, which is read and checked again.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPLACE_AFTER_APPROVAL,
  REPLACE_ONE_FILE,
  REPLACE_STOPPED,
} from '../../../server/statements/replaceFile';
import { get, login, write, type LoggedIn } from '../harness';
import { multipart, uploadStatement } from '../multipart';
import { distroKidLine, DISTROKID_HEADER } from '../import/helpers';
import { openLabel } from '../ownLabel';
import { labelStatements, settleStatement, type LabelStatements } from './labelStatements';

const ISRC = 'QZDM12600001';

/** A DistroKid file of one row of the demo single in `month`, earning `earnings`. */
const monthFile = (month: string, earnings: string) =>
  DISTROKID_HEADER +
  distroKidLine({ earnings, isrc: ISRC }).replace('2026-10-05\t2026-09', `${month}-05\t${month}`);

describe('replacing a statement file and uploading a file again', () => {
  let label: LabelStatements;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    label = await labelStatements(ISRC, { cashless: true });
    lena = label.lena;
    distroKid = (await get(label.portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id;
  });
  afterAll(() => label.portal.close());

  const upload = (month: string, filename: string, content: string) =>
    uploadStatement(
      label.portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null, cashless: true },
      [{ filename, content }],
    );

  const uploaded = async (month: string, filename: string, content: string) => {
    const answer = await upload(month, filename, content);
    expect(answer.statusCode, answer.body).toBe(201);
    await label.portal.app.jobs.drain();
    return answer.json()[0] as { id: string; files: { id: string; name: string }[] };
  };

  const replace = (
    who: LoggedIn,
    id: string,
    fileId: string,
    files: { filename: string; content: string }[],
  ) => {
    const { payload, headers } = multipart(files.map((file) => ({ name: 'file', ...file })));
    return label.portal.app.inject({
      method: 'POST',
      url: `/api/statements/${id}/files/${fileId}/replace`,
      cookies: who.cookies,
      headers: { ...headers, 'x-csrf-token': who.csrf },
      payload,
    });
  };

  const statement = async (id: string) =>
    (await get(label.portal.app, lena, `/api/statements/${id}`)).json();

  it('reads a file again as a new statement once the statement holding it is cancelled', async () => {
    const content = monthFile('2025-03', '12.34');
    const first = await uploaded('2025-03', 'march.tsv', content);

    // While the statement holds it, the refusal says what works.
    const refused = await upload('2025-03', 'march-again.tsv', content);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^'march-again\.tsv' is already in the statement 'DistroKid 2025-03' \(received \d\d-\d\d-\d{4}\)\. To read it again, replace the file on that statement or cancel that statement first\.$/,
    );

    const cancelled = await write(
      label.portal.app,
      lena,
      'POST',
      `/api/statements/${first.id}/cancel`,
      {},
    );
    expect(cancelled.json().status).toBe('cancelled');
    // The cancelled statement keeps its file for the record, not for replacing.
    const stopped = await replace(lena, first.id, first.files[0]?.id ?? '', [
      { filename: 'march-fixed.tsv', content: monthFile('2025-03', '12.35') },
    ]);
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().message).toBe(REPLACE_STOPPED);
    const again = await uploaded('2025-03', 'march-again.tsv', content);
    expect(again.id).not.toBe(first.id);
    expect(await statement(again.id)).toMatchObject({ records: 1, revenue: '12.34' });

    // A statement an admin deleted frees its files as well.
    const ada = await login(label.portal.app, 'admin@demo.label');
    const deleted = await write(
      label.portal.app,
      ada,
      'POST',
      `/api/statements/${again.id}/delete`,
      {},
    );
    expect(deleted.json().status, deleted.body).toBe('deleted');
    expect((await upload('2025-03', 'march-third.tsv', content)).statusCode).toBe(201);
  });

  it('reads a replacing file before approval: records, revenue and payouts follow the new file', async () => {
    const first = await uploaded('2025-04', 'april.tsv', monthFile('2025-04', '10'));
    expect(
      (await write(label.portal.app, lena, 'POST', `/api/statements/${first.id}/calculate`, {}))
        .statusCode,
    ).toBe(200);
    await label.portal.app.jobs.drain();
    const before = await statement(first.id);
    expect(before).toMatchObject({ status: 'pending-approval', revenue: '10' });
    const payouts = async () => {
      const payees = (await get(label.portal.app, lena, `/api/statements/${first.id}/payees`))
        .json()
        .items.map((payee: { payout: string }) => payee.payout);
      return payees.reduce((sum: Decimal, payout: string) => sum.plus(payout), new Decimal(0));
    };
    const paidBefore = await payouts();

    const answer = await replace(lena, first.id, first.files[0]?.id ?? '', [
      { filename: 'april-corrected.tsv', content: monthFile('2025-04', '25') },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    // The result of the old file is out of date: read again, then calculated again.
    expect(answer.json().status).toBe('syncing');
    await label.portal.app.jobs.drain();
    const reread = await statement(first.id);
    expect(reread).toMatchObject({ status: 'funded', revenue: '25', records: 1 });
    expect(reread.calculationId).toBeNull();
    expect(reread.files.map((file: { name: string }) => file.name)).toEqual([
      'april-corrected.tsv',
    ]);
    await write(label.portal.app, lena, 'POST', `/api/statements/${first.id}/calculate`, {});
    await label.portal.app.jobs.drain();
    expect((await statement(first.id)).status).toBe('pending-approval');
    const paidAfter = await payouts();
    expect(paidAfter.toString()).toBe(paidBefore.times('2.5').toString());
  });

  it('names both files and who replaced them in the history, and reads the same bytes again', async () => {
    const content = monthFile('2025-05', '7.5');
    const first = await uploaded('2025-05', 'may.tsv', content);
    const oldId = first.files[0]?.id ?? '';
    // The file itself may come back in its own place, to be read again.
    const answer = await replace(lena, first.id, oldId, [{ filename: 'may-again.tsv', content }]);
    expect(answer.statusCode, answer.body).toBe(200);
    await label.portal.app.jobs.drain();
    const events = (await get(label.portal.app, lena, `/api/statements/${first.id}/events`)).json()
      .items;
    const replaced = events.find(
      (event: { type: string }) => event.type === 'StatementFilesReplaced',
    );
    expect(replaced).toMatchObject({
      actor: label.people['label@demo.label'],
      actorName: expect.any(String),
      data: {
        removed: [oldId],
        replaced: { fileId: oldId, name: 'may.tsv' },
        added: [{ name: 'may-again.tsv' }],
      },
    });
    expect(await statement(first.id)).toMatchObject({ records: 1, revenue: '7.5' });
  });

  it('refuses to replace a file of an approved statement and keeps it', async () => {
    await settleStatement(label.portal, lena, {
      isrc: ISRC,
      month: '2025-06',
      earnings: '3',
      cashless: true,
    });
    const list = (await get(label.portal.app, lena, '/api/statements?q=DistroKid%202025-06')).json()
      .items;
    const approved = list.find((item: { status: string }) => item.status === 'ready');
    const fileId = approved.files[0].id as string;
    const refused = await replace(lena, approved.id, fileId, [
      { filename: 'june-corrected.tsv', content: monthFile('2025-06', '30') },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REPLACE_AFTER_APPROVAL);
    expect(await statement(approved.id)).toMatchObject({ status: 'ready', revenue: '3' });
    // Sending the approved file again says it cannot be read again, not to replace it.
    const again = await upload('2025-06', 'june.tsv', monthFile('2025-06', '3'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('which was approved');
  });

  it('refuses a retry with a file another live statement holds', async () => {
    const held = monthFile('2025-08', '8');
    await uploaded('2025-08', 'august.tsv', held);
    const unreadable = await uploaded('2025-09', 'september.csv', 'Not,Distrokid\n1,2\n');
    expect((await statement(unreadable.id)).status).toBe('failed');
    const { payload, headers } = multipart([
      { name: 'file', filename: 'september-fixed.tsv', content: held },
    ]);
    const retried = await label.portal.app.inject({
      method: 'POST',
      url: `/api/statements/${unreadable.id}/retry`,
      cookies: lena.cookies,
      headers: { ...headers, 'x-csrf-token': lena.csrf },
      payload,
    });
    expect(retried.statusCode).toBe(409);
    expect(retried.json().message).toMatch(
      /^'september-fixed\.tsv' is already in the statement 'DistroKid 2025-08'/,
    );
    expect(await statement(unreadable.id)).toMatchObject({ status: 'failed', records: 0 });
  });

  it('refuses a person of another label, and more than one replacing file', async () => {
    const first = await uploaded('2025-07', 'july.tsv', monthFile('2025-07', '4'));
    const fileId = first.files[0]?.id ?? '';
    const other = await openLabel(label.portal, 'Replacer');
    const stranger = await other.login('owner');
    const refused = await replace(stranger, first.id, fileId, [
      { filename: 'july-theirs.tsv', content: monthFile('2025-07', '40') },
    ]);
    expect(refused.statusCode).toBe(404);
    const two = await replace(lena, first.id, fileId, [
      { filename: 'july-a.tsv', content: monthFile('2025-07', '41') },
      { filename: 'july-b.tsv', content: monthFile('2025-07', '42') },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(REPLACE_ONE_FILE);
    expect(await statement(first.id)).toMatchObject({ status: 'funded', revenue: '4' });
  });
});
