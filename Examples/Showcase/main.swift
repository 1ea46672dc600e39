import RACOperators

print("rac-showcase: under construction")
