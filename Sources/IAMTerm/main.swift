import IAMEngine
print("iamterm")
