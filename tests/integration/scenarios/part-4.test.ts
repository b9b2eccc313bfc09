import { scenarioSuite } from '../../support/scenario-suite.js';

scenarioSuite(4);
