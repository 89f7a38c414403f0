import type { PaymentDetail } from '../../../api/payments';
import { epochSeconds } from '../../../api/common';
import type { Queryable } from '../../db/database';

/**
 * The bank files a payment went out in, oldest first, as its page names them to the label and
 * admins; nothing when it went out in none (the sandbox, or not yet in a file).
 */
export async function bankFilesOfPayment(
  db: Queryable,
  paymentId: string,
): Promise<Pick<PaymentDetail, 'bankFiles'>> {
  const rows = await db.query<{
    id: string;
    file_name: string;
    format: 'nacha' | 'sepa';
    created_at: Date | string;
    submitted_at: Date | string | null;
  }>(
    `select distinct f.id, f.file_name, f.format, f.created_at, f.submitted_at
       from bank_file_entries e join bank_files f on f.id = e.file_id
      where e.payment_id = $1
         -- A payment released with others went out in the credit named by the first of them.
         or e.transfer_id = (select partner_transfer_id from payments where id = $1)
      order by f.created_at, f.id`,
    [paymentId],
  );
  if (rows.length === 0) return {};
  return {
    bankFiles: rows.map((row) => ({
      id: row.id,
      fileName: row.file_name,
      format: row.format,
      createdAt: epochSeconds(row.created_at) ?? 0,
      submittedAt: epochSeconds(row.submitted_at),
    })),
  };
}
