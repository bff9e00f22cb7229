import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '../messages';
import { ProductCatalogue } from './product-catalogue';
import { ProductDto } from './product.dto';
import { ErrorBodyDto } from '@pid/platform';

@ApiTags('payments')
@Controller('payments/products')
export class ProductsController {
  constructor(@Inject(ProductCatalogue) private readonly catalogue: ProductCatalogue) {}

  @Get(':productId')
  @ApiOperation({ summary: 'The plan shown on the pricing page', description: 'Public. The web app asks for one fixed product id.' })
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  product(@Param('productId') productId: string): ProductDto {
    const product = this.catalogue.findProduct(productId);
    if (!product) throw new NotFoundException(MESSAGES.productNotFound);
    return product;
  }
}
