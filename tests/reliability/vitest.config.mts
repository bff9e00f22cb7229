import { serviceTestConfig } from '../../vitest.shared.mts';

export default serviceTestConfig();
