/** The app starts the worker for its store view through src/data/, as every other part of src/ reaches it. */
export { startDataClient as startData } from './data-client'
