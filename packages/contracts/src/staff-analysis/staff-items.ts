import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { SalonId, SessionCode } from '../common/schemas.js';
import { count, date, euros, RangeFields } from '../stats/report-fields.js';
import { MemberId } from './staff-analysis.js';

/** One service or product a person sold over a range. */
export const StaffItemRow = Type.Object(
  {
    kind: Type.Union([Type.Literal('SERVICE'), Type.Literal('PRODUCT')], { description: 'SERVICE or PRODUCT' }),
    itemId: Type.Integer({ description: 'The service or product' }),
    name: Type.String({ description: 'Service or product name' }),
    quantity: count('Units on their lines (sum of line quantities)'),
    revenue: euros('Paid amount of their lines of this item'),
    recommendedQuantity: count('Units on the lines of this item they recommended and the client bought'),
    recommendedRevenue: euros('Paid amount of those recommended lines'),
  },
  { description: 'One item on the lines that name the person' },
);

export const StaffItemsResponse = Type.Object(
  {
    ...RangeFields,
    staffId: Type.Integer({ description: 'The staff member' }),
    items: Type.Array(StaffItemRow, {
      description:
        'The items on the lines naming the person in the range (DONE appointments and walk-in sales): services first, then products, each highest revenue first',
    }),
  },
  { description: 'The services and products one person sold over a range' },
);

export const getStaffItems = defineEndpoint({
  method: 'GET',
  path: '/api/StaffDataAnalysis/GetStaffItems/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}/{meamberId}',
  summary: 'The services and products one person sold over a range: per item quantity, revenue and the recommended part',
  tags: ['StaffDataAnalysis'],
  params: Type.Object({
    SESSIONCODE: SessionCode,
    fromDate: date('First day of the range (inclusive)'),
    toDate: date('Last day of the range (inclusive)'),
    salonId: SalonId,
    meamberId: MemberId,
  }),
  response: StaffItemsResponse,
});
