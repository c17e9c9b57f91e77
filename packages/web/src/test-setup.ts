import { configure } from '@testing-library/react';

// A screen's first render can take several seconds on a busy 2-core CI machine; the default wait is one second.
configure({ asyncUtilTimeout: 10_000 });
