import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Product, ProductPrice } from '@pid/contracts';

export class ProductPriceDto implements ProductPrice {
  @ApiProperty({ example: 'price_pid_annual' })
  id: string;

  @ApiProperty({ example: 10000, description: 'Minor currency units' })
  unitAmount: number;

  @ApiProperty({ example: 'usd' })
  currency: string;

  @ApiProperty({ enum: ['day', 'week', 'month', 'year'], example: 'year' })
  recurringInterval: ProductPrice['recurringInterval'];

  @ApiProperty({ example: 1 })
  recurringIntervalCount: number;
}

export class ProductDto implements Product {
  @ApiProperty({ example: 'prod_pid_annual' })
  id: string;

  @ApiProperty({ example: 'Annual Subscription' })
  name: string;

  @ApiProperty()
  description: string;

  @ApiPropertyOptional({ type: [String], example: ['single page P&ID analysis', 'export capabilities'] })
  features?: string[];

  @ApiProperty({ type: ProductPriceDto })
  defaultPrice: ProductPriceDto;
}
