import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { SalonId, SessionCode } from '../common/schemas.js';
import { count, date, euros, percentOrNull, RangeFields } from '../stats/report-fields.js';

export const TopStaff = Type.Union(
  [
    Type.Object(
      {
        staffId: Type.Integer({ description: 'The staff member' }),
        name: Type.String({ description: 'First and last name' }),
        revenue: euros('Paid amount of their lines of this item'),
        quantity: count('Units of this item on their lines'),
      },
      { description: 'The staff member with the highest revenue on this item (ties: lowest id)' },
    ),
    Type.Null(),
  ],
  { description: 'Top staff member for the item; null when no line names a staff member' },
);

export const ServiceAnalysisRow = Type.Object(
  {
    serviceId: Type.Integer({ description: 'The service' }),
    name: Type.String({ description: 'Service name' }),
    category: Type.String({ description: 'TREATMENT, COLOUR, HAIRCUT or STYLING' }),
    count: count('Times performed (sum of line quantities)'),
    revenue: euros('Paid amount'),
    listAmount: euros('List price total'),
    discount: euros('Discount given'),
    averagePrice: euros('revenue / count'),
    distinctClients: count('Distinct clients who had it'),
    recommendedCount: count('Times it was recommended and taken'),
    sharePercent: percentOrNull('revenue / revenue of all services in the range x 100'),
    topStaff: TopStaff,
  },
  { description: 'One service over the range' },
);

export const ServiceAnalysisResponse = Type.Object(
  {
    ...RangeFields,
    rows: Type.Array(ServiceAnalysisRow, { description: 'Services performed in the range, highest revenue first' }),
    totals: Type.Object(
      {
        count: count('Services performed'),
        revenue: euros('Paid amount of all service lines'),
        discount: euros('Discount on all service lines'),
        distinctClients: count('Distinct clients with a service'),
        averagePrice: euros('revenue / count'),
      },
      { description: 'All services of the range' },
    ),
  },
  { description: 'Service analysis: per service count, revenue, average price, discount, clients, share and top staff' },
);

export const getServiceDataAnalysis = defineEndpoint({
  method: 'GET',
  path: '/api/ServiceDataAnalysis/GetServiceDataAnalysis/{SESSIONCODE}/{from}/{to}/{salonId}',
  summary:
    'Service analysis over a range: per service count, revenue, average price, discount, distinct clients, share of total, top staff',
  tags: ['ServiceDataAnalysis'],
  params: Type.Object({
    SESSIONCODE: SessionCode,
    from: date('First day of the range (inclusive)'),
    to: date('Last day of the range (inclusive)'),
    salonId: SalonId,
  }),
  response: ServiceAnalysisResponse,
});
