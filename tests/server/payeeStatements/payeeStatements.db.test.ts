// Payee statements after an approval: each payee's own statement, equal to the approved result
// to the last decimal, as JSON, CSV, PDF and a zip of all; the e-mail that tells them; and who may
// read which.
import Decimal from 'decimal.js';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../../../server/events/readModels/ledgerTransfers';
import { get, login, write, type LoggedIn } from '../harness';
import { labelStatements, type LabelStatements } from '../statements/labelStatements';
import { openSecondLabel, SECOND_PASSWORD } from '../tenancy';
import { pdfText, readPrinted, sumsThatFail } from './printedPdf';

describe('payee statements', () => {
  let label: LabelStatements;
  let paco: LoggedIn;
  let september: string;
  let october: string;
  let pacoId: string;
  let ariaId: string;

  beforeAll(async () => {
    // Glass Harbor (limited visibility): label 60, Aria 27.5, Paco 12.5.
    label = await labelStatements('QZDM12600002', { cashless: false });
    label.portal.app.log.level = 'silent';
    pacoId = label.people['payee@demo.label']!;
    ariaId = label.people['artist@demo.label']!;
    paco = await login(label.portal.app, 'payee@demo.label');
    const french = await write(label.portal.app, paco, 'PATCH', '/api/session/settings', {
      language: 'fr',
    });
    expect(french.statusCode, french.body).toBe(200);
    const advance = await write(label.portal.app, label.lena, 'POST', '/api/recoupments', {
      title: 'Avance de tournée',
      type: 'advance',
      amount: '0.5',
      creditorId: label.people['label@demo.label'],
      debtorIds: [pacoId],
      recoupablePct: '50',
      priority: 'high',
    });
    expect(advance.statusCode, advance.body).toBe(201);
    // September pays half of Paco's share to the advance; October repays the rest of it.
    const settled = async (month: string, earnings: string) => {
      await label.settle(month, earnings);
      return (
        await label.portal.db.query<{ id: string }>('select id from statements where period = $1', [
          month,
        ])
      )[0]!.id;
    };
    september = await settled('2026-09', '10.01');
    october = await settled('2026-10', '8');
  });
  afterAll(() => label.portal.close());

  const approved = async (payeeId: string) =>
    (
      await label.portal.db.query<Record<string, string>>(
        `select trim_scale(sp.earned)::text as earned, trim_scale(sp.recouped)::text as recouped,
                trim_scale(sp.credited)::text as credited, trim_scale(sp.payout)::text as payout
           from statement_payees sp join statements s on s.calculation_id = sp.calculation_id
          where s.id = $1 and sp.payee_id = $2`,
        [september, payeeId],
      )
    )[0]!;

  it('gives the payee the approved numbers, the recoupment taken and the balance carried', async () => {
    const answer = await get(label.portal.app, paco, `/api/earnings/${september}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const statement = answer.json();
    const totals = await approved(pacoId);
    expect(statement).toMatchObject({ ...totals, period: '2026-09', currency: 'USD' });
    expect(statement.payee).toEqual({ id: pacoId, fullname: 'Paco Payee' });
    // 12.5% of 10.01 is 1.25125; half of it goes to the advance, up to its 0.5.
    expect(totals).toMatchObject({ earned: '1.25125', recouped: '0.5', payout: '0.75125' });
    expect(statement.lines).toEqual([
      {
        productId: expect.any(String),
        product: 'Glass Harbor',
        code: 'QZDM12600002',
        units: expect.any(Number),
        amount: '1.25125',
        // The song's revenue, net as Glass Harbor's view says (no distributor take here).
        revenue: '10.01',
        revenueView: 'net',
      },
    ]);
    expect(statement.recoupments).toEqual([
      { recoupmentId: expect.any(String), title: 'Avance de tournée', amount: '0.5' },
    ]);
    // Paid in whole cents; the rest of a cent stays in the balance, exactly as the ledger has it.
    expect(statement).toMatchObject({ broughtForward: '0', paid: '0.75', carried: '0.00125' });
    const [paid] = await label.portal.db.query<{ amount: string }>(
      'select trim_scale(amount)::text as amount from payments where statement_id = $1 and payee_id = $2',
      [september, pacoId],
    );
    expect(paid?.amount).toBe('0.75');
    const { account_id } = (
      await label.portal.db.query<{ account_id: string }>(
        'select account_id from statements where id = $1',
        [september],
      )
    )[0]!;
    const ledger = await balancesOf(label.portal.db, [`payee:${account_id}:${pacoId}`], 'USD');
    expect(ledger.get(`payee:${account_id}:${pacoId}`)).toBe('0.00125');
  });

  it('carries the balance into the next statement', async () => {
    const statement = (await get(label.portal.app, paco, `/api/earnings/${october}`)).json();
    // 12.5% of 8 is 1; the advance is repaid: payout 1, paid 1, and the 0.00125 stays.
    expect(statement.broughtForward).toBe('0.00125');
    expect(
      new Decimal(statement.broughtForward)
        .plus(statement.payout)
        .minus(statement.paid)
        .equals(statement.carried),
    ).toBe(true);
    expect(statement).toMatchObject({ payout: '1', paid: '1', carried: '0.00125' });
  });

  it('lists only the payee’s own statements, filtered by period or the last months', async () => {
    const periods = async (query: string) =>
      (await get(label.portal.app, paco, `/api/earnings${query}`))
        .json()
        .items.map((item: { period: string }) => item.period);
    expect(await periods('')).toEqual(['2026-10', '2026-09']);
    expect(await periods('?month=2026-09')).toEqual(['2026-09']);
    expect(await periods('?month=2026-08')).toEqual([]);
    // The clock stands in November 2026: the last month is October.
    expect(await periods('?months=1')).toEqual(['2026-10']);
    expect(await periods('?months=3')).toEqual(['2026-10', '2026-09']);
    const warranter = await login(label.portal.app, 'warranter@demo.label');
    expect((await get(label.portal.app, warranter, '/api/earnings')).statusCode).toBe(403);
  });

  it('downloads the statement as CSV with exact amounts and a file name', async () => {
    const answer = await get(label.portal.app, paco, `/api/earnings/${september}/csv`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toContain(
      'filename="statement-2026-09-distrokid-paco-payee.csv"',
    );
    const rows = answer.body.split('\r\n');
    expect(rows[0]).toBe(
      'statement_id,period,distributor,label,payee,currency,kind,description,code,units,amount',
    );
    expect(rows.some((row) => row.endsWith(',line,Glass Harbor,QZDM12600002,1,1.25125'))).toBe(
      true,
    );
    expect(rows).toContain(
      `${september},2026-09,DistroKid,Demo Records,Paco Payee,USD,recoupment,Avance de tournée,,,0.5`,
    );
    expect(rows).toContain(
      `${september},2026-09,DistroKid,Demo Records,Paco Payee,USD,total,payout,,,0.75125`,
    );
    expect(rows).toContain(
      `${september},2026-09,DistroKid,Demo Records,Paco Payee,USD,total,carried,,,0.00125`,
    );
  });

  it('writes the PDF in the payee’s language with their name and payout', async () => {
    const answer = await get(label.portal.app, paco, `/api/earnings/${september}/pdf`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain('Relevé du bénéficiaire');
    expect(text).toContain('Paco Payee');
    // 0.75125 in French: 0,75 $US.
    expect(text.replace(/\s/g, ' ')).toMatch(/0,75\s\$US/);
    expect(text).toContain('Avance de tournée');
  });

  it('e-mails each payee in their language with a link to the statement page', async () => {
    const mails = await label.portal.db.query<{
      recipient: string;
      subject: string;
      body: string;
      link: string;
    }>('select recipient, subject, body, link from outbox where link like $1 order by id', [
      `%/earnings/${september}`,
    ]);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(
      ['artist@demo.label', 'label@demo.label', 'payee@demo.label'].sort(),
    );
    const toPaco = mails.find((mail) => mail.recipient === 'payee@demo.label')!;
    expect(toPaco.link).toMatch(new RegExp(`^https?://[^/]+/earnings/${september}$`));
    expect(toPaco.subject).toBe('Votre relevé de septembre 2026 de Demo Records');
    expect(toPaco.body).toContain('Bonjour Paco Payee');
    expect(toPaco.body).toMatch(/Votre versement : 0,75\s\$US\./);
    expect(toPaco.body).toContain(toPaco.link);
    const toAria = mails.find((mail) => mail.recipient === 'artist@demo.label')!;
    expect(toAria.subject).toBe('Your September 2026 statement from Demo Records');
  });

  it('lets the label open any payee’s statement and download all of them as one zip', async () => {
    const { lena, portal } = label;
    const own = (await get(portal.app, paco, `/api/earnings/${september}`)).json();
    const asStaff = await get(
      portal.app,
      lena,
      `/api/statements/${september}/payee-statement?payee=${pacoId}`,
    );
    expect(asStaff.json()).toEqual(own);
    const staffPdf = await get(
      portal.app,
      lena,
      `/api/statements/${september}/payee-statement/pdf?payee=${ariaId}`,
    );
    expect(await pdfText(staffPdf.rawPayload)).toContain('Aria Artist');

    const zip = await get(portal.app, lena, `/api/statements/${september}/payee-statements.zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([
      'statement-2026-09-distrokid-aria-artist.csv',
      'statement-2026-09-distrokid-aria-artist.pdf',
      'statement-2026-09-distrokid-lena-label.csv',
      'statement-2026-09-distrokid-lena-label.pdf',
      'statement-2026-09-distrokid-paco-payee.csv',
      'statement-2026-09-distrokid-paco-payee.pdf',
    ]);
    // Printed from the approved result and the ledger, the English statements add up on paper.
    for (const name of [
      'statement-2026-09-distrokid-aria-artist.pdf',
      'statement-2026-09-distrokid-lena-label.pdf',
    ]) {
      const printed = readPrinted(await pdfText(Buffer.from(entries[name]!)));
      expect(sumsThatFail(printed), name).toEqual([]);
    }
    const pacoCsv = Buffer.from(entries['statement-2026-09-distrokid-paco-payee.csv']!).toString();
    expect(pacoCsv).toBe((await get(portal.app, paco, `/api/earnings/${september}/csv`)).body);

    const period = await get(portal.app, lena, '/api/payee-statements.zip?period=2026-10');
    expect(Object.keys(unzipSync(new Uint8Array(period.rawPayload)))).toHaveLength(6);
    expect(
      (await get(portal.app, lena, '/api/payee-statements.zip?period=2025-01')).statusCode,
    ).toBe(404);
  });

  it('never shows a payee another payee’s statement, nor anyone another account’s', async () => {
    const { portal, lena } = label;
    // A payee holds no statement:ro: the label's routes refuse them, whoever they name.
    for (const path of ['', '/csv', '/pdf']) {
      const other = await get(
        portal.app,
        paco,
        `/api/statements/${september}/payee-statement${path}?payee=${ariaId}`,
      );
      expect(other.statusCode).toBe(403);
    }
    expect(
      (await get(portal.app, paco, `/api/statements/${september}/payee-statements.zip`)).statusCode,
    ).toBe(403);

    // A second label, its statement approved, and its payee.
    const second = await openSecondLabel(portal);
    const zora = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
    await portal.app.jobs.drain();
    for (const step of ['expedite', 'calculate']) {
      await write(portal.app, zora, 'POST', `/api/statements/${second.statementId}/${step}`, {});
      await portal.app.jobs.drain();
    }
    const approval = await write(
      portal.app,
      zora,
      'POST',
      `/api/statements/${second.statementId}/approve`,
      {},
    );
    expect(approval.statusCode, approval.body).toBe(200);
    const zephyrPayee = await login(portal.app, 'payee@zephyr.example', SECOND_PASSWORD);
    const theirs = await get(portal.app, zephyrPayee, `/api/earnings/${second.statementId}`);
    expect(theirs.statusCode, theirs.body).toBe(200);

    // Paco is no payee of it; Lena is not its label; its payee is no payee of Demo Records'.
    for (const path of ['', '/csv', '/pdf']) {
      expect(
        (await get(portal.app, paco, `/api/earnings/${second.statementId}${path}`)).statusCode,
      ).toBe(404);
      expect(
        (await get(portal.app, zephyrPayee, `/api/earnings/${september}${path}`)).statusCode,
      ).toBe(404);
      const crossing = await get(
        portal.app,
        lena,
        `/api/statements/${second.statementId}/payee-statement${path}?payee=${theirs.json().payee.id}`,
      );
      expect(crossing.statusCode).toBe(404);
    }
    expect(
      (await get(portal.app, lena, `/api/statements/${second.statementId}/payee-statements.zip`))
        .statusCode,
    ).toBe(404);
    const lenaPeriod = await get(portal.app, lena, '/api/payee-statements.zip?period=2026-06');
    expect(lenaPeriod.statusCode).toBe(404);
    const listed = (await get(portal.app, zephyrPayee, '/api/earnings')).json();
    expect(listed.items.map((item: { statementId: string }) => item.statementId)).toEqual([
      second.statementId,
    ]);
  });
});
