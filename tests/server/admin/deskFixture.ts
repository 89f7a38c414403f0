// A demo install with two statements for the admin's desk: one read whole, whose ISRC no product
// has, and one whose second file is in another currency and is refused.
import { get, login, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';

export const UNKNOWN_ISRC = 'QZDK12609901';
export const YEN_REFUSAL =
  "This file's amounts are in JPY, the statement's other files in USD. A statement has one currency: upload the JPY amounts as a statement of their own, or give their exchange rate when uploading.";

export interface DeskFixture {
  lena: LoggedIn;
  ada: LoggedIn;
  read: string;
  refused: string;
  accountId: string;
}

export async function deskFixture(portal: TestPortal): Promise<DeskFixture> {
  const lena = await login(portal.app, 'label@demo.label');
  const ada = await login(portal.app, 'admin@demo.label');
  const list = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items as {
    id: string;
    name: string;
  }[];
  const distributor = list.find((item) => item.name === 'DistroKid')?.id;
  const upload = async (month: string, files: { filename: string; content: string }[]) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor, report_month: month, expected: null },
      files,
    );
    if (answer.statusCode !== 201) throw new Error(answer.body);
    await portal.app.jobs.drain();
    return answer.json()[0].id as string;
  };
  const read = await upload('2026-09', [
    {
      filename: 'september.tsv',
      content: distroKidHeader('USD') + distroKidLine({ earnings: '12.5', isrc: UNKNOWN_ISRC }),
    },
  ]);
  const refused = await upload('2026-08', [
    {
      filename: 'a-dollars.tsv',
      content: distroKidHeader('USD') + distroKidLine({ earnings: '10' }),
    },
    {
      filename: 'b-yen.tsv',
      content: distroKidHeader('JPY') + distroKidLine({ earnings: '5000' }),
    },
  ]);
  const accounts = await portal.db.query<{ id: string }>(
    "select id from accounts where name = 'Demo Records'",
  );
  return { lena, ada, read, refused, accountId: accounts[0]?.id ?? '' };
}
