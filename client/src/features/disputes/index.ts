export { AllocationDispute } from './components/allocation-dispute-lazy';
