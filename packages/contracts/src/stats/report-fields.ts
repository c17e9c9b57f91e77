import { Type } from 'typebox';
import { SalonId } from '../common/schemas.js';

/**
 * Building blocks shared by the sales, report, service and product analysis contracts.
 * Definitions: only DONE appointments and their sale lines count, plus walk-in
 * retail sales (sale lines without an appointment: in revenue and products, never in
 * appointments); revenue is the amount paid; money is in euros with 2 decimals.
 */

/** An amount in euros (2 decimals) with the field's own description. */
export const euros = (description: string) => Type.Number({ description: `${description}. Euros, 2 decimals` });
/** A non-negative count with the field's own description. */
export const count = (description: string) => Type.Integer({ minimum: 0, description });
/** A percentage 0..100 (2 decimals), or null when the denominator is 0. */
export const percentOrNull = (description: string) =>
  Type.Union([Type.Number({ description: `${description}. Per cent, 2 decimals` }), Type.Null()], {
    description: `${description}. Per cent, 2 decimals; null when there is nothing to divide by`,
  });

export { GenderParam, GenderScope } from '../common/gendered-report.js';

/** Gender of a client as a report bucket: UNKNOWN = no client on the line, or a client with no gender. */
export const GenderBucket = Type.Union([Type.Literal('MALE'), Type.Literal('FEMALE'), Type.Literal('UNKNOWN')], {
  description: 'Client gender bucket: MALE, FEMALE, or UNKNOWN (no client on the sale, or a client with no gender recorded)',
});

/** A YYYY-MM-DD date with the field's own description. */
export const date = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', description: `${description}, YYYY-MM-DD` });

/** Salon and inclusive date range echoed in every range report. */
export const RangeFields = {
  salonId: SalonId,
  fromDate: date('First day of the range (inclusive)'),
  toDate: date('Last day of the range (inclusive)'),
};

/** The sales measures, for one period (a day, a month, a weekday, a range). */
export const SalesMeasuresFields = {
  servicesRevenue: euros('Paid amount of the service lines of DONE appointments'),
  productsRevenue: euros('Paid amount of the product lines: products sold at DONE appointments plus walk-in retail sales'),
  totalRevenue: euros('servicesRevenue + productsRevenue'),
  appointments: count('DONE appointments (walk-in sales are not appointments)'),
  clients: count(
    'Distinct clients who bought something in the period (appointment or walk-in with a client). For totals this is distinct over the whole period, so it is NOT the sum of the rows',
  ),
  newClients: count('Clients whose first visit (clients.first_visit) falls in the period; sums over rows'),
  averageTicket: Type.Union([euros('totalRevenue / appointments; walk-in sales are in the revenue'), Type.Null()], {
    description:
      'totalRevenue / appointments, euros with 2 decimals; null when there are no appointments (a closed day: nothing to average)',
  }),
  discountTotal: euros('Sum of the discounts of all lines (list amount - paid amount as recorded)'),
};
export const SalesMeasures = Type.Object(SalesMeasuresFields, { description: 'Sales measures of one period' });

/** List, paid and discount amounts of a set of sale lines. */
export const AmountsBlock = Type.Object(
  {
    listAmount: euros('List price total of the lines (before discount)'),
    paidAmount: euros('Amount paid for the lines (the revenue)'),
    discount: euros('Discount given on the lines'),
    lines: count('Number of sale lines'),
  },
  { description: 'List, paid and discount amounts of a set of sale lines' },
);
