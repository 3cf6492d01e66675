export { cruxClient } from './client.ts';
export { type CruxConfig, type CruxEnv, cruxConfigFrom } from './config.ts';
export {
  type CollectionPeriod,
  type CruxAnswer,
  type CruxClient,
  type CruxHistory,
  type CruxRecord,
  FIELD_METRICS,
  type FieldDistribution,
  type FieldMetric,
  type FieldUnavailable,
  type FormFactor,
  formFactorOf,
} from './types.ts';
