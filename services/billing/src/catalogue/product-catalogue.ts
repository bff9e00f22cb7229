import { Inject, Injectable } from '@nestjs/common';
import { ANNUAL_PLAN_UNIT_AMOUNT, BILLING_CURRENCY, DEFAULT_PRICING_FEATURES, type Product, type ProductPrice } from '@pid/contracts';
import { SERVICE_ENV } from '@pid/platform';
import type { BillingEnv } from '../env';

export const PLAN_NAME = 'Annual Subscription';
export const PLAN_DESCRIPTION =
  'Unlimited P&ID analyses for a year: upload drawings, let the AI identify elements and connections, verify them and export the data.';

/**
 * The one product billing sells (spec §1, §9): the annual plan, $100 per year in USD, which includes
 * unlimited analyses. Its ids come from the environment, so that with Stripe they name the product
 * and price configured there.
 */
@Injectable()
export class ProductCatalogue {
  readonly product: Product;

  constructor(@Inject(SERVICE_ENV) env: Pick<BillingEnv, 'BILLING_PRODUCT_ID' | 'BILLING_PRICE_ID'>) {
    this.product = {
      id: env.BILLING_PRODUCT_ID,
      name: PLAN_NAME,
      description: PLAN_DESCRIPTION,
      features: [...DEFAULT_PRICING_FEATURES],
      defaultPrice: {
        id: env.BILLING_PRICE_ID,
        unitAmount: ANNUAL_PLAN_UNIT_AMOUNT,
        currency: BILLING_CURRENCY,
        recurringInterval: 'year',
        recurringIntervalCount: 1,
      },
    };
  }

  findProduct(productId: string): Product | undefined {
    return productId === this.product.id ? this.product : undefined;
  }

  findPrice(priceId: string): ProductPrice | undefined {
    return priceId === this.product.defaultPrice.id ? this.product.defaultPrice : undefined;
  }
}
