import {
  type BodyOf,
  type GrowthCategory,
  type ResponseOf,
  SALON_CONFIG_PRODUCTS,
  type SalonConfigProductName,
  salonConfigEndpoints,
  type saveSalonConfigTreatment,
} from '@salon/contracts';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** One product's growth setting, whatever the product (the id and target fields have product-specific names in the API). */
export interface SalonSetting {
  product: SalonConfigProductName;
  category: GrowthCategory;
  id: number | null;
  salonId: number;
  target: number;
  reachTargetMonths: number;
  targetMonths: number;
  periodStartDate: string;
  isDefault: boolean;
}

export type SalonSettingInput = Pick<SalonSetting, 'target' | 'reachTargetMonths' | 'targetMonths' | 'periodStartDate'>;

const CATEGORY_OF_PRODUCT: Record<SalonConfigProductName, GrowthCategory> = {
  Treatment: 'TREATMENT',
  Colour: 'COLOUR',
  Haircut: 'HAIRCUT',
  Resale: 'RESALE',
  Styling: 'STYLING',
};

type AnyConfigResponse = ResponseOf<typeof salonConfigEndpoints.Treatment.get> | ResponseOf<typeof salonConfigEndpoints.Colour.get>;

/** The API answer in the shape shared by the five products. */
function settingOf(product: SalonConfigProductName, response: AnyConfigResponse | Record<string, unknown>): SalonSetting {
  const fields = response as Record<string, unknown>;
  return {
    product,
    category: CATEGORY_OF_PRODUCT[product],
    id: (fields[salonConfigEndpoints[product].idKey] as number | null | undefined) ?? null,
    salonId: fields.salonId as number,
    target: fields.target as number,
    reachTargetMonths: fields.reachTargetMonths as number,
    targetMonths: fields.targetMonths as number,
    periodStartDate: fields.periodStartDate as string,
    isDefault: fields.isDefault as boolean,
  };
}

const salonConfigQueryKey = ['salon-config'] as const;

/** The five growth settings of a salon (Treatment, Colour, Haircut, Resale, Styling), defaults included. */
export function useSalonConfigs(salonId: number | null) {
  return useQueries({
    queries: SALON_CONFIG_PRODUCTS.map((product) => ({
      queryKey: [...salonConfigQueryKey, salonId, product],
      enabled: salonId !== null,
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        settingOf(product, await callApi(salonConfigEndpoints[product].get, { params: { salonId: salonId as number } }, { signal })),
    })),
    combine: (results) => {
      const failed = results.find((result) => result.isError);
      const isPending = results.some((result) => result.isPending);
      return {
        data: isPending || failed ? undefined : results.map((result) => result.data as SalonSetting),
        isPending,
        isError: failed !== undefined,
        error: failed?.error ?? null,
        refetch: () => {
          for (const result of results) void result.refetch();
        },
      };
    },
  });
}

/** Saves one product's setting (ADMIN, SUPERADMIN); the settings and every growth report of the salon are read again. */
export function useSaveSalonConfig(salonId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ product, id, input }: { product: SalonConfigProductName; id: number | null; input: SalonSettingInput }) => {
      const { save, idKey } = salonConfigEndpoints[product];
      // `target` is the field every product accepts; the product-specific synonym is left out so the two never disagree.
      const body = { ...(id === null ? {} : { [idKey]: id }), salonId: salonId as number, ...input };
      const response = await callApi(save as typeof saveSalonConfigTreatment, { body: body as BodyOf<typeof saveSalonConfigTreatment> });
      return settingOf(product, response);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...salonConfigQueryKey, salonId] }),
        // Every growth report (their keys start with their contract path).
        queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/SalonsGrowing/') }),
      ]),
  });
}
