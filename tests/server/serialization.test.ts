import { Type, type TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import { plainChoices, serializerCompiler } from '../../server/serialization';

const writerOf = (schema: TSchema) =>
  serializerCompiler()({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });

const Person = Type.Object({ id: Type.String(), name: Type.String() });
const Payment = Type.Object({
  id: Type.String(),
  amount: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('paid'), Type.Literal('failed'), Type.Literal('pending')]),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  payee: Type.Union([Person, Type.Null()]),
  tags: Type.Union([Type.Array(Type.String()), Type.Null()]),
});
const PaymentList = Type.Object({ items: Type.Array(Payment), total: Type.Integer() });

const paid = {
  id: 'p1',
  amount: '12.3456',
  note: 'March',
  status: 'paid',
  paidAt: 1_795_000_000,
  payee: { id: 'u1', name: 'Aria Vale' },
  tags: ['advance'],
};
const pending = { ...paid, note: null, status: 'pending', paidAt: null, payee: null, tags: null };

describe('answers written by their schema', () => {
  it('writes fields that may be null, a word of a list, and an object or null', () => {
    const write = writerOf(PaymentList);
    expect(JSON.parse(write({ items: [paid, pending], total: 2 }))).toEqual({
      items: [paid, pending],
      total: 2,
    });
  });

  it('writes no field the schema does not name, in an object that may be null too', () => {
    const write = writerOf(Payment);
    const written = JSON.parse(
      write({ ...paid, passwordHash: 'x', payee: { ...paid.payee, bankAccount: 'DE89…' } }),
    ) as Record<string, unknown>;
    expect(written).toEqual(paid);
  });

  it('refuses a value of none of a field’s types rather than write it', () => {
    const write = writerOf(Payment);
    expect(() => write({ ...paid, note: 5 })).toThrow(/note/);
    expect(() => write({ ...paid, payee: 'Aria Vale' })).toThrow(/payee/);
    expect(() => write({ ...paid, paidAt: 'yesterday' })).toThrow(/paidAt/);
  });

  it('answers a list or its CSV text by the same schema', () => {
    const write = writerOf(Type.Union([PaymentList, Type.String()]));
    expect(JSON.parse(write({ items: [pending], total: 1 }))).toEqual({
      items: [pending],
      total: 1,
    });
    expect(JSON.parse(write('id,amount\np1,12.3456\n'))).toBe('id,amount\np1,12.3456\n');
  });

  it('keeps a choice between two objects, and writes each with its own fields', () => {
    const Source = Type.Union([
      Type.Object({ kind: Type.Literal('upload'), uploadedBy: Type.Union([Person, Type.Null()]) }),
      Type.Object({ kind: Type.Literal('intake'), key: Type.String() }),
    ]);
    expect(plainChoices(Source)).toHaveProperty('anyOf');
    const write = writerOf(Type.Object({ source: Source }));
    expect(JSON.parse(write({ source: { kind: 'intake', key: 'k1' } }))).toEqual({
      source: { kind: 'intake', key: 'k1' },
    });
    expect(JSON.parse(write({ source: { kind: 'upload', uploadedBy: null } }))).toEqual({
      source: { kind: 'upload', uploadedBy: null },
    });
  });

  it('builds one writer for a schema that several routes answer with, and one per schema', () => {
    const compile = serializerCompiler();
    const of = (schema: TSchema, method: string, url: string) =>
      compile({ schema, method, url, httpStatus: '200' });
    const list = of(PaymentList, 'GET', '/api/payments');
    expect(of(PaymentList, 'HEAD', '/api/payments')).toBe(list);
    expect(of(Payment, 'GET', '/api/payments/:id')).not.toBe(list);
    expect(JSON.parse(of(Payment, 'GET', '/api/payments/:id')(pending))).toEqual(pending);
  });

  it('leaves the API’s own schemas as they are, for the checks of requests and the API document', () => {
    const before = JSON.stringify(PaymentList);
    const plain = plainChoices(PaymentList);
    expect(JSON.stringify(PaymentList)).toBe(before);
    expect(JSON.stringify(plain)).not.toContain('anyOf');
    expect(plain).toMatchObject({
      properties: {
        items: {
          items: {
            properties: {
              note: { type: ['string', 'null'] },
              status: { type: 'string' },
              payee: { type: ['object', 'null'], required: ['id', 'name'] },
              tags: { type: ['array', 'null'], items: { type: 'string' } },
            },
          },
        },
      },
    });
  });
});
