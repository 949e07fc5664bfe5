// Async boundary: shared singletons (react, the contract) are negotiated before any code runs.
import('./standalone');
