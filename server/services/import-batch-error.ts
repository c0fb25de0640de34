/** A batch the import cannot take as it is (a sku no product has, a category still in use): nothing of it is written. */
import { InvalidRequestError } from './errors'

export class ImportBatchError extends InvalidRequestError {
  override name = 'ImportBatchError'
}
